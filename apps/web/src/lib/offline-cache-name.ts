/**
 * The service worker's cache of API answers (last answer of each call, for reading offline). The
 * app deletes it whenever the session or the workspace changes; the worker also keys every
 * answer by the session's token, so one session never reads another's.
 */
export const API_CACHE_NAME = 'api-answers-v1';
