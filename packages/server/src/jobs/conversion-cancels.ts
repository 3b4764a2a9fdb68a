/**
 * Cancel of a queued conversion whose client went away (Cancel in the studio, a closed connection):
 * the API node that held the request publishes the job on one Redis channel of the cluster, and the
 * worker running it aborts it as the in-process path would (the engine stops, /metrics counts it
 * `aborted`). Pub/sub holds nothing: a worker that is not running the job ignores the message.
 */
import { Redis } from 'ioredis';

/** Which job to stop: its engine queue's name and BullMQ's id there (no user data). */
export interface ConversionCancel {
  queue: string;
  jobId: string;
}

const channelOf = (keyPrefix: string): string => `${keyPrefix}:conversion-cancels`;

/** Tells every worker of the cluster that `cancel`'s client went away. */
export async function publishCancel(
  redis: Redis,
  keyPrefix: string,
  cancel: ConversionCancel,
): Promise<void> {
  await redis.publish(channelOf(keyPrefix), JSON.stringify(cancel));
}

export interface CancelListener {
  close(): Promise<void>;
}

/** Calls `onCancel` for each cancel published in the cluster (a subscriber connection of its own). */
export function listenForCancels(
  redisUrl: string,
  keyPrefix: string,
  onCancel: (cancel: ConversionCancel) => void,
): CancelListener {
  const subscriber = new Redis(redisUrl, { maxRetriesPerRequest: null });
  // A cancel missed while Redis is away only lets that job run to its end: never crash the worker.
  subscriber.on('error', () => undefined);
  const channel = channelOf(keyPrefix);
  void subscriber.subscribe(channel).catch(() => undefined);
  subscriber.on('message', (from: string, text: string) => {
    if (from !== channel) return;
    try {
      const cancel = JSON.parse(text) as Partial<ConversionCancel>;
      if (typeof cancel.queue === 'string' && typeof cancel.jobId === 'string')
        onCancel({ queue: cancel.queue, jobId: cancel.jobId });
    } catch {
      // Not one of ours: ignored.
    }
  });
  return {
    async close() {
      subscriber.disconnect();
    },
  };
}
