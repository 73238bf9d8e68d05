import { AttendanceNotices } from '../features/attendance/global/attendance-notices';
import { MainLayout } from '../ui/layout/main-layout';

/** The main layout with what features show on every signed-in page (transfer notices). */
export function SignedInFrame() {
  return <MainLayout overlays={<AttendanceNotices />} />;
}
