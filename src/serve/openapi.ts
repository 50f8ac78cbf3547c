import { z } from "zod";
import { errorSchema } from "./api.ts";
import type { Route } from "./routes.ts";

function schemaOf(schema: z.ZodType, io: "input" | "output"): Record<string, unknown> {
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return rest;
}

const json = (schema: Record<string, unknown>) => ({ "application/json": { schema } });

/** The service's OpenAPI 3.1 document, generated from the routes' zod schemas. */
export function openApiDocument(routes: readonly Route[], version: string): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const error = { description: "an error", content: json({ $ref: "#/components/schemas/Error" }) };
  for (const route of routes) {
    const path = route.path.replace(/:([a-z]+)/g, "{$1}");
    const names = [...route.path.matchAll(/:([a-z]+)/g)].map((m) => m[1] as string);
    const op: Record<string, unknown> = {
      summary: route.summary,
      operationId: `${route.method.toLowerCase()}${path.replace(/[{}]/g, "").replace(/[/_-](\w)/g, (_, c: string) => c.toUpperCase())}`,
      responses: {
        "200": { description: "OK", content: json(schemaOf(route.response, "output")) },
        default: error,
      },
    };
    if (names.length > 0)
      op.parameters = names.map((name) => ({ name, in: "path", required: true, schema: { type: "string" } }));
    const body = route.documentedBody ?? route.body;
    if (body) op.requestBody = { required: true, content: json(schemaOf(body, "input")) };
    paths[path] ??= {};
    (paths[path] as Record<string, unknown>)[route.method.toLowerCase()] = op;
  }
  paths["/openapi.json"] = {
    get: {
      summary: "This document.",
      operationId: "getOpenapi",
      responses: { "200": { description: "OK", content: json({ type: "object" }) } },
    },
  };
  return {
    openapi: "3.1.0",
    info: {
      title: "Plumb reward and task service",
      version,
      description:
        "Stateless generation, prompts, grading and verification of Plumb's tasks, and environment sessions for its interactive ones. Errors are {error: {status, code, message, field?}}.",
    },
    paths,
    components: { schemas: { Error: schemaOf(errorSchema, "output") } },
  };
}
