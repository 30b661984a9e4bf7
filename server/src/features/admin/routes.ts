import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { type AppEnv, requireRole } from '../../auth/session.ts';
import { AppError } from '../../http/errors.ts';
import type { Mailer } from '../../mail/mailer.ts';
import { MULTIPART_LIMIT_BYTES } from '../profile/routes.ts';
import { createActivationLinks } from './activation-links.ts';
import { auditRoutes } from './audit.ts';
import { adminBrandNameRoutes } from './brand-names.ts';
import { adminDashboardRoutes } from './dashboard.ts';
import { adminDownloadRoutes } from './downloads.ts';
import { adminFranchiseRoutes } from './franchises.ts';
import { adminPaymentRoutes } from './payments.ts';
import { adminPromotionRoutes } from './promotions.ts';
import { adminSessionRoutes } from './sessions.ts';
import { type AdminUserDeps, adminUserRoutes } from './users.ts';

/** What the user routes need, less the activation links, which are built here from the mailer and secret. */
export interface AdminDeps extends Omit<AdminUserDeps, 'activation'> {
  mailer: Mailer;
  publicUrl: string;
  authSecret: string;
}

/**
 * `/api/admin/*` (admin-panel §7): every route answers admins only — 401 without a session, 403
 * `ADMIN_ONLY` for franchisors and consultants — checked once here, before any route runs.
 */
export function adminRoutes(deps: AdminDeps) {
  const { db, now } = deps;
  const activation = createActivationLinks({
    db,
    secret: deps.authSecret,
    publicUrl: deps.publicUrl,
    mailer: deps.mailer,
    now,
  });
  const users = adminUserRoutes({ ...deps, activation });
  const franchises = adminFranchiseRoutes({ ...deps, activation });
  const brands = adminBrandNameRoutes(deps);
  return (
    new Hono<AppEnv>()
      .use('*', requireRole('admin'))
      // Create and edit forms carry a photo, a logo and a gallery.
      .use(
        '*',
        bodyLimit({
          maxSize: MULTIPART_LIMIT_BYTES,
          onError: () => {
            throw new AppError('PAYLOAD_TOO_LARGE');
          },
        }),
      )
      .route('/', adminDashboardRoutes(deps))
      .route('/', adminDownloadRoutes(deps))
      .route('/users', users.users)
      .route('/franchisors', users.franchisors)
      .route('/franchisors', franchises.addExisting)
      .route('/franchises', franchises.franchises)
      .route('/payment-methods', franchises.paymentMethods)
      .route('/sessions', adminSessionRoutes(deps))
      .route('/payments', adminPaymentRoutes(deps))
      .route('/promotions', adminPromotionRoutes(deps))
      .route('/brand-names', brands.brandNames)
      .route('/requests', brands.requests)
      .route('/audit', auditRoutes(deps))
  );
}
