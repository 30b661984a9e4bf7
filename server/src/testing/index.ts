// The server's testing entry (@fm/server/testing): what tests in other packages may use to start
// the real server and reach its data. Test-only: .dependency-cruiser.cjs lets only tests import it.

export { chat, chatParticipant, franchise, notification, user } from '../db/schema/index.ts';
export { pushNotifications } from '../features/notifications/push.ts';
export {
  startTestReceiver,
  type TestReceiver,
} from '../features/webhooks/delivery/test-receiver.ts';
export { createWebhookWorker } from '../features/webhooks/delivery/worker.ts';
export { insertMeeting, signInAdmin } from '../payments/test-fixtures.ts';
export { createHttpPublisher } from '../realtime/http-publisher.ts';
export { startTestServer, TEST_PASSWORD, type TestServer } from './test-server.ts';
