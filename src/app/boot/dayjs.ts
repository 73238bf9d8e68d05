import dayjs from 'dayjs';
import 'dayjs/locale/pt-br';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/** SPEC §9: pt-BR dates in the America/Sao_Paulo time zone. */
export const TIME_ZONE = 'America/Sao_Paulo';

export function setupDayjs(): void {
  dayjs.extend(utc);
  dayjs.extend(timezone);
  dayjs.locale('pt-br');
  dayjs.tz.setDefault(TIME_ZONE);
}
