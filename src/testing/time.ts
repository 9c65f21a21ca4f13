// Server timestamps as the platform writes them (the shared assumption where the spec is
// silent): naive `YYYY-MM-DD HH:mm:ss` wall-clock time in America/Sao_Paulo.

export const SERVER_TIME_ZONE = 'America/Sao_Paulo';

let format: Intl.DateTimeFormat | undefined;

/** `ms` (epoch) as `YYYY-MM-DD HH:mm:ss` in America/Sao_Paulo. */
export function saoPauloTime(ms: number): string {
  format ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: SERVER_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  });
  const parts: Record<string, string> = {};
  for (const part of format.formatToParts(new Date(ms))) parts[part.type] = part.value;
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The calendar day (`YYYY-MM-DD`) of `ms` in America/Sao_Paulo. */
export const saoPauloDay = (ms: number): string => saoPauloTime(ms).slice(0, 10);
