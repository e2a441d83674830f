// Builds the page again after an action (the router registers itself here: pages and panels do not
// import the router, which imports them).
let handler: () => Promise<void> = async () => {};

export function onRefresh(f: () => Promise<void>): void {
  handler = f;
}

export function refresh(): Promise<void> {
  return handler();
}
