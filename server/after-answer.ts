import type { ServerResponse } from "node:http";
import type { Logger } from "pino";

export type AfterAnswer = (work: () => Promise<void>) => void;

const logged = (logger: Logger, work: () => Promise<void>) => () =>
  void work().catch((error: unknown) => logger.error({ err: error }, "work left for after an answer failed"));

/**
 * `context.afterAnswer` for one request: runs `work` once the answer has been handed to the network (or
 * the client has left), so what the request sets in motion never shares the answer's time. Work that must
 * not be lost leaves a durable trace first (an outbox row), since a crash may come in between.
 */
export function afterAnswerOf(res: ServerResponse, logger: Logger): AfterAnswer {
  return (work) => {
    if (res.closed) logged(logger, work)();
    else res.once("close", logged(logger, work));
  };
}

/** A render thread renders pages only, whose answers go back to the server whole: nothing to wait for. */
export function afterAnswerAtOnce(logger: Logger): AfterAnswer {
  return (work) => logged(logger, work)();
}
