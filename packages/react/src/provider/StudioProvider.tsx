import { ConversionClient, defaultEnvironments } from '@docstudio/core';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { resolveTheme, ThemeScopeContext } from '../theme';
import { defaultMessages, type StudioMessages } from './messages';
import type { StudioConfig, StudioMessageOverrides } from './studio.config';

const StudioContext = createContext<StudioConfig>({});

export interface StudioProviderProps extends StudioConfig {
  children: ReactNode;
}

/**
 * Shared configuration for every docstudio component below it: API base, token source, environment,
 * theme and messages. Components also take the same props, so each one works without a provider.
 */
export function StudioProvider({
  children,
  apiUrl,
  token,
  environment,
  theme: themeInput,
  messages,
  transport,
}: StudioProviderProps) {
  const parent = useContext(StudioContext);
  const merged = useMemo(
    () => mergeConfig(parent, { apiUrl, token, environment, theme: themeInput, messages, transport }),
    [parent, apiUrl, token, environment, themeInput, messages, transport],
  );
  const theme = resolveTheme(merged.theme);
  return (
    <StudioContext.Provider value={merged}>
      <ThemeScopeContext.Provider value={theme}>
        {/* display: contents keeps the layout of the host while the theme variables inherit. */}
        <div
          className={theme.className || undefined}
          style={{ display: 'contents', ...theme.style }}
          data-part="studio-provider"
        >
          {children}
        </div>
      </ThemeScopeContext.Provider>
    </StudioContext.Provider>
  );
}

function mergeMessages(
  base: StudioMessageOverrides | undefined,
  next: StudioMessageOverrides | undefined,
): StudioMessageOverrides | undefined {
  if (!base) return next;
  if (!next) return base;
  return {
    ...base,
    ...next,
    tools: { ...base.tools, ...next.tools },
    ...(base.tool || next.tool ? { tool: { ...base.tool, ...next.tool } } : {}),
    ...(base.workflows || next.workflows ? { workflows: { ...base.workflows, ...next.workflows } } : {}),
  };
}

function mergeConfig(base: StudioConfig, next: StudioConfig): StudioConfig {
  const merged: StudioConfig = { ...base };
  for (const [key, value] of Object.entries(next) as [keyof StudioConfig, unknown][]) {
    if (value !== undefined && key !== 'messages') (merged as Record<string, unknown>)[key] = value;
  }
  const messages = mergeMessages(base.messages, next.messages);
  if (messages) merged.messages = messages;
  return merged;
}

export interface ResolvedStudio {
  config: StudioConfig;
  client: ConversionClient;
  messages: StudioMessages;
  theme: { className: string; style: Record<string, string> };
}

/** The provider's configuration with a component's own props on top, and a client built from it. */
export function useStudio(props: StudioConfig): ResolvedStudio {
  const parent = useContext(StudioContext);
  const { apiUrl, token, environment, theme, messages, transport } = props;
  const config = useMemo(
    () => mergeConfig(parent, { apiUrl, token, environment, theme, messages, transport }),
    [parent, apiUrl, token, environment, theme, messages, transport],
  );
  const environmentApiUrl =
    typeof config.environment === 'object'
      ? config.environment.apiUrl
      : config.environment
        ? defaultEnvironments[config.environment]?.apiUrl
        : undefined;
  const apiBase = config.apiUrl ?? environmentApiUrl ?? '/api';
  const client = useMemo(
    () =>
      new ConversionClient({
        apiUrl: apiBase,
        token: config.token,
        ...(config.transport ? { transport: config.transport } : {}),
      }),
    [apiBase, config.token, config.transport],
  );
  const resolvedMessages = useMemo(() => {
    const shared: Partial<StudioMessages> = {};
    for (const key of Object.keys(defaultMessages) as (keyof StudioMessages)[]) {
      const override = config.messages?.[key];
      if (typeof override === 'string') shared[key] = override;
    }
    return { ...defaultMessages, ...shared };
  }, [config.messages]);
  const resolvedTheme = useMemo(() => resolveTheme(config.theme), [config.theme]);
  return { config, client, messages: resolvedMessages, theme: resolvedTheme };
}
