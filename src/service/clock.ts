// Time is injected everywhere: the service never calls Date.now() itself.
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock tests move by hand, past deadlines, instead of sleeping. */
export class ManualClock implements Clock {
  private t: number;
  constructor(start: Date | string = '2025-03-01T00:00:00Z') {
    this.t = new Date(start).getTime();
  }
  now(): Date {
    return new Date(this.t);
  }
  set(t: Date | string): void {
    this.t = new Date(t).getTime();
  }
  advance(ms: number): Date {
    this.t += ms;
    return this.now();
  }
  advanceMinutes(min: number): Date {
    return this.advance(min * 60_000);
  }
}
