/** A person's picture: the uploaded one, or the drawn one the server makes from their name. */
export function avatarUrl(userId: number, avatar: string): string {
  return avatar || `/files/avatars/${userId}.svg`;
}
