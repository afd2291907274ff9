/**
 * Whose password check runs next. Each scrypt holds 128 MiB and one of libuv's four threads (which file
 * reads and writes share), so at most two run at once; the rest wait here. The wait is fair between
 * senders: each sender (a lane, the client's address) has at most `maxPending` checks running or waiting
 * (more are refused at once, before any hashing), and a free slot goes to the lane with the fewest
 * recent failed logins, then the one served least while it has been waiting, then the oldest. So a
 * flood from some addresses cannot put a person's login at another address behind it. When
 * `maxWaiting` checks wait in all, a check of a lane of no good standing is refused at once rather
 * than left waiting: a flood from many addresses gets quick answers, and the addresses the clinic
 * logs in from (standing below 0) are still let in, ahead of everyone.
 */
export interface HashTurn {
  /** Who sends: the client's address. */
  lane: string;
  /**
   * Failed logins from that lane lately: a lane with more waits behind those with fewer. Below 0 for
   * an address someone logged in from lately: it goes first and is never refused for a full queue.
   */
  standing: number;
  /** Checks this lane may have running or waiting; one more is refused (HashLaneFull) before it hashes. */
  maxPending: number;
  /**
   * May take the reserved slot when the others are busy: an address someone logged in from lately that
   * has failed none since. So a person's login never waits for a stranger's check to end, and a flood
   * (whose every attempt fails) can never use the reserve, even from the clinic's own address.
   */
  reserve?: boolean;
}

/** A lane already has as many checks running or waiting as it may. */
export class HashLaneFull extends Error {}

/** `start(true)`: the waiter runs on the reserved slot it was handed. */
type Waiter = { seq: number; standing: number; reserve: boolean; start: (onReserve: boolean) => void };
type Lane = { busy: number; served: number; waiting: Waiter[] };

export interface HashPool {
  run<T>(work: () => Promise<T>, turn: HashTurn): Promise<T>;
  /** Hashes started since the process began: lets a test see that a refusal ran none. */
  readonly started: number;
}

/**
 * `slots` checks at once for anyone, and `reserved` more only for turns that may use the reserve: a
 * person's login runs beside a stranger's check rather than after it (a core for a moment, not for a flood).
 */
export function hashPool(slots: number, maxWaiting: number, reserved = 0): HashPool {
  let running = 0;
  let reserveRunning = 0;
  let waitingTotal = 0;
  let seq = 0;
  let started = 0;
  const lanes = new Map<string, Lane>();

  /** The waiter a freed slot goes to; for a reserved slot, only one that may use the reserve. */
  function next(reserve: boolean): Waiter | undefined {
    let best: { lane: Lane; waiter: Waiter } | undefined;
    for (const lane of lanes.values()) {
      const head = lane.waiting[0];
      if (!head || (reserve && !head.reserve)) continue;
      if (!best || before(head, lane, best.waiter, best.lane)) best = { lane, waiter: head };
    }
    if (!best) return undefined;
    best.lane.waiting.shift();
    best.lane.served += 1;
    return best.waiter;
  }

  async function run<T>(work: () => Promise<T>, turn: HashTurn): Promise<T> {
    const lane = lanes.get(turn.lane) ?? { busy: 0, served: 0, waiting: [] };
    if (lane.busy >= turn.maxPending) throw new HashLaneFull();
    if (running >= slots && waitingTotal >= maxWaiting && turn.standing >= 0) throw new HashLaneFull();
    lane.busy += 1;
    lanes.set(turn.lane, lane);
    try {
      let onReserve = false;
      if (running < slots) {
        running += 1;
        lane.served += 1;
      } else if (turn.reserve && reserveRunning < reserved) {
        reserveRunning += 1;
        lane.served += 1;
        onReserve = true;
      } else {
        // The slot is handed over by the one that frees it (below), so a newcomer cannot take it first.
        waitingTotal += 1;
        onReserve = await new Promise<boolean>((start) =>
          lane.waiting.push({ seq: seq++, standing: turn.standing, reserve: turn.reserve === true, start }),
        );
        waitingTotal -= 1;
      }
      started += 1;
      try {
        return await work();
      } finally {
        const waiter = next(onReserve);
        if (waiter) waiter.start(onReserve);
        else if (onReserve) reserveRunning -= 1;
        else running -= 1;
      }
    } finally {
      lane.busy -= 1;
      if (lane.busy === 0) lanes.delete(turn.lane);
    }
  }

  return {
    run,
    get started() {
      return started;
    },
  };
}

/** Fewer failures first, then the lane served less while busy, then the one that came first. */
function before(a: Waiter, aLane: Lane, b: Waiter, bLane: Lane): boolean {
  if (a.standing !== b.standing) return a.standing < b.standing;
  if (aLane.served !== bLane.served) return aLane.served < bLane.served;
  return a.seq < b.seq;
}
