/**
 * The part of a react-router route that names its path; react-router's `RouteObject` fits it. Kept
 * structural so this root test tooling needs no react-router of its own.
 */
export interface RouteNode {
  readonly path?: string | undefined;
  readonly index?: boolean | undefined;
  readonly children?: readonly RouteNode[] | undefined;
}

/**
 * Every path a react-router route list declares, in full (`/consultants/:id/edit`); layout-only
 * routes add none. The accessibility route lists of the portal and the admin are checked against it.
 * @example routerPaths([{ path: '/a', children: [{ index: true }, { path: 'b' }] }]) // ['/a', '/a', '/a/b']
 */
export function routerPaths(list: readonly RouteNode[], parent = ''): string[] {
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
