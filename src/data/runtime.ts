import { proxy, type Remote } from 'comlink';
import type { CommandKind, CommandPayload } from '../../contract/commands.ts';
import type { ErrorCode } from '../../contract/errors.ts';
import { DEFAULT_DB_NAME } from '../../sync/engine/db-name.ts';
import type { EventView } from '../../sync/store/overlay.ts';
import { loginRequest, logoutRequest, meRequest, type SessionUser } from '../../sync/engine/session.ts';
import type { SyncSnapshot } from '../../sync/engine/status.ts';
import type { RejectionItem } from '../../sync/store/observe.ts';
import { NetworkError, setRequestLanguage, type HttpOptions } from '../../sync/engine/http.ts';
import type { ActionArgs, ActionName, ActionValue } from '../../workers/actions.ts';
import type { SyncWorkerApi } from '../../workers/api.ts';
import { ValueStore, type Loaded } from './value-store.ts';
import { openWorker } from './worker-link.ts';
import { deviceOf, query, type Device, type QueryRef } from './device.ts';
import { VisitorReads } from './stores/visitor-reads.ts';
import { AppointmentNotices } from './stores/appointments.ts';
import { DoorStores } from './stores/door.ts';
import { ChatStores } from './stores/chat.ts';
import { LiveReads } from './live-reads.ts';
import { FirstSyncGate } from './first-sync.ts';
import { WipeChannel } from './wipe-channel.ts';
import { DeviceSlot } from './device-slot.ts';

/*
 * The page's side of the data layer, outside React: it starts the sync worker, which holds the device's
 * database (workers/host.ts), keeps the live reads the worker answers in the area stores the hooks
 * subscribe to, and runs the session. The page never opens the database: it names its reads and writes
 * (device.ts), and the worker (the one that leads among the tabs) does the network work.
 */
export interface SessionSnapshot {
  status: 'loading' | 'ready';
  user: SessionUser | null;
}
export type { Loaded } from './value-store.ts';

export interface RuntimeOptions {
  baseUrl?: string;
  dbName?: string;
  /** null where workers do not exist; the page then has no local data and says so. */
  createWorker?: () => Worker | null;
}

/** Logging out should not hang on a server that does not answer. */
const LOGOUT_TIMEOUT_MS = 5000;

const sameUser = (a: SessionSnapshot, b: SessionSnapshot) => a.status === b.status && JSON.stringify(a.user) === JSON.stringify(b.user);
const sameStatus = (a: SyncSnapshot, b: SyncSnapshot) => JSON.stringify(a) === JSON.stringify(b);

export class DataRuntime {
  readonly session = new ValueStore<SessionSnapshot>({ status: 'loading', user: null }, sameUser);
  readonly views = new ValueStore<Loaded<EventView[]>>({ loading: true, value: [] });
  readonly rejections = new ValueStore<Loaded<RejectionItem[]>>({ loading: true, value: [] });
  readonly sync = new ValueStore<SyncSnapshot>({ state: 'connecting', pending: 0, lastSyncedAt: null, error: null }, sameStatus);
  private readonly firstSync = new FirstSyncGate();
  /** A device on its way to its first finished sync (first-sync.ts). */
  readonly firstSyncPending = this.firstSync.pending;
  /** The visitors screen's pages, from the worker's read model (sync/views/visitors/read-model.ts). */
  readonly visitorReads = new VisitorReads();
  readonly appointments = new AppointmentNotices();
  readonly door = new DoorStores(this.sync);
  readonly chat = new ChatStores();
  /** The live reads screens ask for by query (live-reads.ts, hooks.ts useDevice). */
  readonly live = new LiveReads();

  private readonly http: HttpOptions;
  private readonly dbName: string;
  private readonly slot = new DeviceSlot();
  private subs: (() => void)[] = [];
  /** The device the stores read through now; closed when they stop. */
  private device: Device | null = null;
  private worker: Worker | null = null;
  private api: Remote<SyncWorkerApi> | null = null;
  private statusSubscription: number | null = null;
  /** What attach() hooked into the worker besides the status: undone before the host stops. */
  private detachers: (() => Promise<void>)[] = [];
  private workerStatus: SyncSnapshot | null = null;
  private workerFailed: Promise<never> = new Promise<never>(() => {});
  private unsent = 0;
  private wipes: WipeChannel;
  /** Opening, wiping and closing never overlap: RxDB refuses a second open of the same name. */
  private lifecycle: Promise<unknown> = Promise.resolve();
  private started = false;
  private lang: string | undefined;

  constructor(private readonly opts: RuntimeOptions = {}) {
    this.http = { baseUrl: opts.baseUrl ?? '' };
    this.dbName = opts.dbName ?? DEFAULT_DB_NAME;
    this.wipes = new WipeChannel(this.dbName);
  }

  /**
   * The interface language: every legacy call of the page and of the worker carries it as `lang`
   * (the specs add it to every call), so the server's messages come back in it.
   */
  setLanguage(lang: string): void {
    if (lang === this.lang) return;
    this.lang = lang;
    setRequestLanguage(lang);
    if (this.api) this.api.setLanguage(lang).catch(() => undefined);
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onVisibility);
    this.serial(async () => {
      if (!(await this.startHost())) {
        // No worker, or no usable IndexedDB (some private modes): an empty guest rather than loading forever.
        this.session.set({ status: 'ready', user: null });
        this.views.set({ loading: false, value: [] });
        this.rejections.set({ loading: false, value: [] });
        this.sync.set({ state: 'error', pending: 0, lastSyncedAt: null, error: { code: 'local_database_unavailable', retryAt: null } });
        this.firstSync.end();
        return;
      }
      this.wipes.listen();
      this.revalidateSession().catch((err: unknown) => console.error('foyer: checking the session failed', err));
    });
  }

  stop(): Promise<void> {
    if (!this.started) return Promise.resolve();
    this.started = false;
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onVisibility);
    return this.serial(async () => {
      this.wipes.close();
      this.unbind();
      await this.stopHost({ remove: false, terminate: true });
    });
  }

  // ---- actions ----

  async enqueue<K extends CommandKind>(kind: K, payload: CommandPayload<K>): Promise<void> {
    await this.enqueueWithId(kind, payload);
  }

  /** Queues a command and answers its id, by which later commands may name a record it makes (contract/admin-refs.ts). */
  async enqueueWithId<K extends CommandKind>(kind: K, payload: CommandPayload<K>): Promise<string> {
    return (await this.slot.ready()).call('enqueue', kind, payload as CommandPayload<CommandKind>);
  }

  /** A device action (workers/actions.ts), once the device is open. */
  async call<N extends ActionName>(name: N, ...args: ActionArgs<N>): Promise<ActionValue<N>> {
    return (await this.slot.ready()).call(name, ...args);
  }

  /**
   * Asks the device to hold an event's scoped collection (sync/engine/scoped.ts): written locally, so
   * asking works offline; the worker starts its replication when it can.
   */
  requestScope(collection: 'companies' | 'schedule', eventId: number): void {
    if (eventId <= 0) return;
    this.call('requestScope', collection, eventId).catch((err: unknown) => console.error(`foyer: asking for ${collection} failed`, err));
  }

  async dismiss(id: string): Promise<void> {
    await this.call('dismiss', id);
  }

  /** Puts a parked outbox entry back first in the queue and has the worker send it now. */
  async retryParked(id: string): Promise<void> {
    if (await (await this.slot.ready()).call('retryParked', id)) this.retry();
  }

  retry(): void {
    void this.api?.retry();
  }

  /** A guest has no live stream: coming back to the app pulls the public collections (sync/engine/engine.ts). */
  private readonly onVisibility = () => {
    if (document.visibilityState === 'visible') void this.api?.foreground();
  };

  /** Pulls every collection now (a meetingNotice said something changed; notices-socket.ts). */
  resync(): void {
    void this.api?.resync();
  }

  /** '' or the origin the page talks to; the notice socket connects there too. */
  get baseUrl(): string {
    return this.http.baseUrl;
  }

  /** Asks the sync worker to fetch these read-through caches (workers/caches.ts) now and on reconnect. */
  refresh(keys: string[]): void {
    void this.api?.refresh(keys);
  }

  async login(email: string, password: string): Promise<{ ok: true } | { ok: false; code: ErrorCode | 'network_error'; retryAfter?: number }> {
    const result = await loginRequest(this.http, email, password);
    if (!result.ok) return result;
    await this.signInAs(result.user);
    return { ok: true };
  }

  /**
   * Signs this device in with a session token the server just handed out (a sign-up's login, a
   * password reset): the same steps as a login after its password check.
   */
  async adoptSession(token: string): Promise<boolean> {
    const user = await meRequest(this.http, token);
    if (!user) return false;
    await this.signInAs(user);
    return true;
  }

  /**
   * Whose data this device holds (`ownerId`, which outlives an ended session), who is signed in
   * now, and how much of this device's work has not reached the server (parked entries too).
   */
  async localAccount(): Promise<{ ownerId: number | null; userId: number | null; unsent: number }> {
    const device = await this.slot.ready();
    const stored = await device.call('readSession');
    const unsent = await device.call('unsentCount');
    return { ownerId: stored.ownerId, userId: stored.ended ? null : (stored.user?.id ?? null), unsent };
  }

  /**
   * Signs this device in as whoever the session cookie names now (a handoff just set it). Like any
   * sign-in it wipes another person's data first, but never their unsent work: the caller checked
   * there was none; should some have been queued since, the device is signed out instead, keeping
   * it for its owner, so it is never sent under the new account's cookie.
   */
  async adoptCookieSession(): Promise<'ok' | 'unsent' | 'failed'> {
    const user = await meRequest(this.http);
    if (!user) return 'failed';
    return this.serial(async () => {
      let device = await this.slot.ready();
      const current = await device.call('readSession');
      if (current.ownerId !== null && current.ownerId !== user.id) {
        if ((await device.call('unsentCount')) > 0) {
          await device.call('endSession');
          return 'unsent';
        }
        device = await this.wipe();
      }
      await device.call('writeSession', user);
      return 'ok';
    });
  }

  /** Reads the signed-in user again (a verified address, a new email), keeping the session when offline. */
  async refreshUser(): Promise<void> {
    await this.slot.ready();
    await this.revalidateSession();
  }

  /** The page's HTTP options, for the account calls of src/data/account.ts. */
  get httpOptions(): HttpOptions {
    return this.http;
  }

  async logout(): Promise<void> {
    await Promise.race([logoutRequest(this.http), new Promise((resolve) => setTimeout(resolve, LOGOUT_TIMEOUT_MS))]);
    await this.serial(() => this.wipe());
  }

  private signInAs(user: SessionUser): Promise<void> {
    return this.serial(async () => {
      let device = await this.slot.ready();
      const current = await device.call('readSession');
      // Another person's data and queued work must not become visible to this one.
      if (current.ownerId !== null && current.ownerId !== user.id) device = await this.wipe();
      await device.call('writeSession', user);
    });
  }

  /** Every area's stores, which follow the device the runtime has. */
  private areas(): { setDevice(device: Device | null): void }[] {
    return [this.door, this.chat, this.live];
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    const next = this.lifecycle.catch(() => undefined).then(fn);
    this.lifecycle = next;
    return next;
  }

  private bind(device: Device) {
    this.device = device;
    for (const area of this.areas()) area.setDevice(device);
    const follow = <T>(ref: QueryRef<T>, next: (value: T) => void) =>
      device.subscribe(ref, next, (err) => console.error(`foyer: the ${ref.name} query failed`, err));
    this.subs.push(
      follow(query('session'), (s) => this.session.set({ status: 'ready', user: s.ended ? null : s.user })),
      follow(query('eventViews'), (value) => {
        this.views.set({ loading: false, value });
        this.firstSync.viewsArrived();
      }),
      follow(query('rejections'), (value) => this.rejections.set({ loading: false, value })),
      follow(query('unsentCount'), (n) => {
        this.unsent = n;
        this.publishSync();
      }),
    );
    this.slot.open(device);
  }

  private unbind(): void {
    for (const off of this.subs.splice(0)) off();
    for (const area of this.areas()) area.setDevice(null);
    this.device?.close?.();
    this.device = null;
    this.slot.close();
  }

  private publishSync() {
    const base = this.workerStatus ?? { state: this.api ? 'connecting' : 'offline', pending: 0, lastSyncedAt: null, error: null };
    // The page counts its own outbox so a tap shows up in the pending number at once.
    this.sync.set({ ...base, pending: this.unsent });
    this.firstSync.follow(base);
  }

  /**
   * Starts the sync worker, which holds the database (workers/host.ts), and reads through it.
   * Answers false when there is no worker or it could not open the database; the page then shows an
   * empty guest and says why, rather than loading RxDB into the page to read it itself.
   */
  private async startHost(): Promise<boolean> {
    try {
      if (!this.api) {
        const link = openWorker(this.opts.createWorker);
        if (!link) throw new Error('this browser runs no workers');
        ({ worker: this.worker, api: this.api, failed: this.workerFailed } = link);
      }
      await Promise.race([this.api.start(this.startOptions()), this.workerFailed]);
      await this.attach(this.api);
      return true;
    } catch (err) {
      console.error('foyer: the sync worker could not open the local database', err);
      this.worker?.terminate();
      this.worker = null;
      this.api = null;
      this.slot.fail(err);
      return false;
    }
  }

  private startOptions() {
    return { baseUrl: this.http.baseUrl, dbName: this.dbName, lang: this.lang };
  }

  /** The host has the database open: the stores read through it, the status and the clock come from it. */
  private async attach(api: Remote<SyncWorkerApi>) {
    this.bind(deviceOf(api));
    this.statusSubscription = await api.subscribeStatus(
      proxy((status: SyncSnapshot) => {
        this.workerStatus = status;
        this.publishSync();
      }),
    );
    this.detachers.push(await this.appointments.attach(api), this.visitorReads.attach(api));
  }

  /** Stops reading from the host and has it close (or delete) the database. */
  private async stopHost({ remove, terminate }: { remove: boolean; terminate: boolean }) {
    if (!this.api) return;
    // A dead worker holds no database; waiting for its answer would block logout forever.
    const unlessDead = <T>(call: Promise<T>) => Promise.race([call, this.workerFailed.catch(() => undefined)]);
    if (this.statusSubscription !== null) await unlessDead(this.api.unsubscribeStatus(this.statusSubscription));
    this.statusSubscription = null;
    for (const detach of this.detachers.splice(0)) await unlessDead(detach());
    await unlessDead(this.api.stop(remove));
    if (terminate) {
      this.worker?.terminate();
      this.worker = null;
      this.api = null;
    }
  }

  /** Removes the whole local database and starts a fresh, guest one. */
  private async wipe(): Promise<Device> {
    this.unbind();
    await this.stopHost({ remove: true, terminate: false });
    this.wipes.announce();
    this.views.set({ loading: true, value: [] });
    const api = this.api;
    if (!api) throw new Error('local_database_unavailable');
    await api.start(this.startOptions());
    await this.attach(api);
    return this.slot.ready();
  }

  /** An online start asks the server whether the stored session still holds; offline it is kept. */
  private async revalidateSession() {
    const device = await this.slot.ready();
    const stored = await device.call('readSession');
    if (!stored.user) return;
    try {
      const user = await meRequest(this.http);
      if (this.slot.current !== device) return;
      if (!user) await device.call('endSession');
      else if (user.id === stored.user.id) await device.call('writeSession', user);
      else await this.serial(async () => (await this.wipe()).call('writeSession', user));
    } catch (err) {
      if (!(err instanceof NetworkError)) throw err;
    }
  }
}
