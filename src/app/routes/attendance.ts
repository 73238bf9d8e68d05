import { lazyScreen } from './lazy-screen';
import { appRoute } from './signed-in';

/** Atendimento: the chat attendance. */
export const attendanceRoutes = [
  appRoute('chat-attendance', lazyScreen(() => import('../features/attendance/attendance-screen'), 'AttendanceScreen')),
];
