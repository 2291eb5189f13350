// Turns every failure into docs/product.md's error JSON with the right status; nothing becomes an unexplained 500.
// The one place a service's domain error (lib/domain-errors.ts) becomes a status (decision 0037): routes let
// them through rather than catching them one by one.
import { MESSAGES } from '@agency/contract';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DomainError } from '../lib/domain-errors.ts';
import { answerOf, type HttpError } from '../lib/http-error.ts';
import { isDatabaseUnavailable, unavailable } from '../lib/unavailable.ts';

/** Fastify's own error codes and the answer a client gets for each. */
const KNOWN: Record<string, [number, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, MESSAGES.http.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, MESSAGES.http.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, MESSAGES.http.tooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'This content type is not accepted'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, MESSAGES.http.badRequest],
  FST_REQ_FILE_TOO_LARGE: [413, MESSAGES.http.tooLarge],
  FST_PARTS_LIMIT: [413, MESSAGES.http.tooLarge],
  FST_FILES_LIMIT: [413, MESSAGES.http.tooLarge],
  FST_FIELDS_LIMIT: [413, MESSAGES.http.tooLarge],
  FST_PROTO_VIOLATION: [400, MESSAGES.http.badRequest],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'This request must be sent as multipart/form-data'],
};

export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | HttpError | DomainError, request, reply) => {
    const answer = answerOf(thrown);
    if (answer) {
      if (answer.headers) void reply.headers(answer.headers);
      return reply.status(answer.statusCode).send(answer.toJSON());
    }
    const error = thrown as FastifyError; // anything else: Fastify's own errors, or a fault
    const known = error.code ? KNOWN[error.code] : undefined;
    if (known) return reply.status(known[0]).send({ error: known[1] });
    if (error instanceof SyntaxError || /multipart|boundary/i.test(error.message)) {
      return reply.status(400).send({ error: MESSAGES.http.invalidMultipart });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ error: error.message || MESSAGES.http.badRequest });
    }
    // The client went away before its request was read (a cut or malformed chunked body): nobody to answer, and
    // nothing wrong on our side, so not an error in the log.
    if (request.raw.destroyed || reply.raw.destroyed) {
      request.log.info({ code: error.code }, 'client closed the connection before the request was read');
      return reply.status(400).send({ error: MESSAGES.http.badRequest });
    }
    // The database is away (stopped, restarting, unreachable): the client may try again in a few seconds.
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      const answer = answerOf(unavailable())!;
      return reply
        .status(answer.statusCode)
        .headers(answer.headers ?? {})
        .send(answer.toJSON());
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ error: MESSAGES.http.internal });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(notFound(request));
  });
});

const notFound = (request: FastifyRequest) => ({
  error: `${MESSAGES.http.notFound}: ${request.method} ${request.url.split('?')[0]}`,
});

/**
 * Fastify's `frameworkErrors`: what the router refuses before any route or hook runs — a path that is not
 * valid UTF-8 once decoded (`/api/blogs/%ff`), a path parameter over `maxParamLength`. Such a path names
 * nothing, so it is a 404 in the one error format; no hook runs here, so the security headers are set by hand.
 */
export function frameworkErrors(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  request.server.writeSecurityHeaders(reply);
  void reply.header('x-request-id', request.id);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    return reply.status(404).send(notFound(request));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.status(500).send({ error: MESSAGES.http.internal });
}
