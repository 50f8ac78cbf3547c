import { InputError } from "../core/errors.ts";
import { type Model, type ModelSetting, settingId, type ToolsRequest } from "../core/model.ts";

/** The tools settings `--tools` takes: none, the provider's hosted tools, or Plumb's python tool. */
export const TOOL_SETTINGS = ["none", "provider", "python"] as const;
export type ToolSetting = (typeof TOOL_SETTINGS)[number];

export interface SettingOptions {
  /** Each is a setting of its own (`--tools none,provider`): every model is run under each. */
  tools: readonly ToolSetting[];
  /** Output-token caps to sweep (`plumb sweep`); empty: the run's one cap, if any. */
  maxOutputTokens: readonly number[];
  webSearch: boolean;
  toolCalls: number;
}

/** Reads `--tools`: a comma-separated list of settings, each once. */
export function parseToolSettings(text: string): ToolSetting[] {
  const out: ToolSetting[] = [];
  for (const part of text.split(",").map((p) => p.trim())) {
    const setting = TOOL_SETTINGS.find((s) => s === part);
    if (setting === undefined)
      throw new InputError(`--tools takes ${TOOL_SETTINGS.join(", ")} or a list of them, not "${part}"`, {
        field: "--tools",
      });
    if (out.includes(setting)) throw new InputError(`--tools names ${setting} twice`, { field: "--tools" });
    out.push(setting);
  }
  return out;
}

/** Reads a list of token counts: `256,1k,4k,64k` (k is 1024). */
export function parseTokenList(text: string, flag: string): number[] {
  const out: number[] = [];
  for (const part of text.split(",").map((p) => p.trim().toLowerCase())) {
    const m = /^(\d{1,9})(k?)$/.exec(part);
    const n = m ? Number(m[1]) * (m[2] === "k" ? 1024 : 1) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0)
      throw new InputError(`${flag}: "${part}" is not a token count (e.g. 512, 4k)`, { field: flag });
    if (out.includes(n)) throw new InputError(`${flag} names ${n} twice`, { field: flag });
    out.push(n);
  }
  return out.sort((a, b) => a - b);
}

/** Every setting of the run, tools setting by output-token cap. */
export function settingsOf(o: SettingOptions): ModelSetting[] {
  const tools = o.tools.length === 0 ? (["none"] as const) : o.tools;
  const caps = o.maxOutputTokens.length === 0 ? [undefined] : o.maxOutputTokens;
  return tools.flatMap((t) =>
    caps.map((cap) => ({
      ...(t === "none" ? {} : { tools: t }),
      ...(cap === undefined ? {} : { maxOutputTokens: cap }),
    })),
  );
}

/** The tools request of a tools setting. */
export function toolsRequest(setting: ModelSetting, o: SettingOptions): ToolsRequest | undefined {
  if (setting.tools === undefined) return undefined;
  return {
    kind: setting.tools,
    webSearch: o.webSearch && setting.tools === "provider",
    maxCalls: o.toolCalls,
  };
}

/**
 * The models of a run: each model under each setting, a model of its own named by its setting
 * (`openai:gpt-5.2+tools=provider`). The setting's tools and cap are part of what the run records
 * of it. A model under the empty setting is the model itself.
 */
export function modelsUnderSettings(models: readonly Model[], o: SettingOptions): Model[] {
  if (o.webSearch && !o.tools.includes("provider"))
    throw new InputError("--web-search goes with the provider's tools: --tools provider", {
      field: "--web-search",
    });
  const settings = settingsOf(o);
  return models.flatMap((model) =>
    settings.map((setting): Model => {
      if (setting.tools === undefined && setting.maxOutputTokens === undefined) return model;
      const tools = toolsRequest(setting, o);
      return {
        ...model,
        id: settingId(model.id, setting),
        ...(tools ? { tools } : {}),
        ...(setting.maxOutputTokens !== undefined
          ? { options: { ...model.options, maxOutputTokens: setting.maxOutputTokens } }
          : {}),
        spec: {
          ...model.spec,
          setting: {
            ...(tools ? { tools } : {}),
            ...(setting.maxOutputTokens !== undefined ? { maxOutputTokens: setting.maxOutputTokens } : {}),
          },
        },
      };
    }),
  );
}
