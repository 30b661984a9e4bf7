import type { RouteObject } from 'react-router';

/**
 * Every path a react-router route list declares, in full (`/consultants/:id/edit`); layout-only
 * routes add none. The accessibility route lists of the portal and the admin are checked against it.
 * @example routerPaths([{ path: '/a', children: [{ index: true }, { path: 'b' }] }]) // ['/a', '/a', '/a/b']
 */
export function routerPaths(list: readonly RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.index
      ? parent || '/'
      : route.path
        ? `${parent}/${route.path}`.replace(/\/+/g, '/')
        : null;
    const children = route.children ? routerPaths(route.children, own ?? parent) : [];
    return own === null ? children : [own, ...children];
  });
}
