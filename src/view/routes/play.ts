import { checkAnswer, showInstance, stepEpisode, submitAnswer } from "../play/play.ts";
import { loadSession, openSession, sessionJson } from "../play/session.ts";
import { describeTask, playableTasks } from "../play/tasks.ts";
import {
  answerBody,
  answerResponse,
  checkResponse,
  playInstanceResponse,
  playTasksResponse,
  sessionBody,
  sessionResponse,
  stepBody,
  stepResponse,
} from "../play-api.ts";
import { type Route, route } from "../router.ts";

const INSTANCE = "/api/play/sessions/:run/instances/:hash";

/** Play mode: a person solves tasks; every answer is stored as a sample of the `human` model. */
export const playRoutes: Route[] = [
  route({
    method: "GET",
    path: "/api/play/tasks",
    response: playTasksResponse,
    handle: async () => ({
      tasks: (await playableTasks()).map(({ task, mode }) => describeTask(task, mode)),
    }),
  }),
  route({
    method: "POST",
    path: "/api/play/sessions",
    body: sessionBody,
    response: sessionResponse,
    handle: async ({ body, writer }) => {
      const store = writer();
      return sessionJson(store, await openSession(store, body));
    },
  }),
  route({
    method: "GET",
    path: "/api/play/sessions/:run",
    response: sessionResponse,
    handle: async ({ params, writer }) => {
      const store = writer();
      return sessionJson(store, await loadSession(store, params.run as string));
    },
  }),
  route({
    method: "GET",
    path: INSTANCE,
    response: playInstanceResponse,
    handle: async ({ params, writer, db }) => {
      const store = writer();
      return showInstance(store, db, await loadSession(store, params.run as string), params.hash as string);
    },
  }),
  route({
    method: "POST",
    path: `${INSTANCE}/answer`,
    body: answerBody,
    response: answerResponse,
    handle: async ({ params, body, writer, db }) => {
      const store = writer();
      const session = await loadSession(store, params.run as string);
      return submitAnswer(store, db, session, params.hash as string, body);
    },
  }),
  route({
    method: "POST",
    path: `${INSTANCE}/give-up`,
    body: answerBody,
    response: answerResponse,
    handle: async ({ params, body, writer, db }) => {
      const store = writer();
      const session = await loadSession(store, params.run as string);
      return submitAnswer(store, db, session, params.hash as string, body, true);
    },
  }),
  route({
    method: "POST",
    path: `${INSTANCE}/check`,
    body: answerBody,
    response: checkResponse,
    handle: async ({ params, body, writer, db }) => {
      const store = writer();
      const session = await loadSession(store, params.run as string);
      return checkAnswer(store, db, session, params.hash as string, body);
    },
  }),
  route({
    method: "POST",
    path: `${INSTANCE}/step`,
    body: stepBody,
    response: stepResponse,
    handle: async ({ params, body, writer, db }) => {
      const store = writer();
      const session = await loadSession(store, params.run as string);
      return stepEpisode(store, db, session, params.hash as string, body);
    },
  }),
];
