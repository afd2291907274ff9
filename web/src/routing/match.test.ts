import { describe, expect, it } from 'vitest';
import { createPath, matchPath, matchRoutes, parsePath, resolveTo, type RouteObject } from './match';

describe('matchPath', () => {
  it.each([
    ['/pwa/dashboard', '/pwa/dashboard', {}],
    ['/pwa', '/pwa/', {}],
    ['/pwa/', '/pwa', {}],
    ['/pwa/dashboard', '/pwa/dashboard//', {}],
    ['/', '/', {}],
    ['/customers/:id', '/customers/c-1', { id: 'c-1' }],
    ['/customers/:id', '/customers/c-1/', { id: 'c-1' }],
    ['/customers/:id', '/customers/a%20b%2Fc', { id: 'a b/c' }],
    // react-router matches without regard to case by default, so the app did too.
    ['/pwa/customers/:id', '/PWA/Customers/X1', { id: 'X1' }],
    ['*', '/', { '*': '' }],
    ['*', '/pwa/nowhere', { '*': 'pwa/nowhere' }],
    ['/pwa/*', '/pwa', { '*': '' }],
    ['/pwa/*', '/pwa/a/b', { '*': 'a/b' }],
  ])('%s matches %s', (pattern, pathname, params) => {
    expect(matchPath(pattern, pathname)).toEqual(params);
  });

  it.each([
    ['/pwa', '/pwa/dashboard'],
    ['/pwa/dashboard', '/pwa'],
    ['/pwa/dashboard', '/pwa//dashboard'],
    ['/pwa/dashboard', '/dashboard'],
    ['/customers/:id', '/customers'],
    ['/customers/:id', '/customers//x'],
    ['/customers/:id', '/customers/x/y'],
    ['/pwa/*', '/pwax'],
    ['/', '/login'],
  ])('%s does not match %s', (pattern, pathname) => {
    expect(matchPath(pattern, pathname)).toBeNull();
  });
});

describe('matchRoutes', () => {
  const layout: RouteObject = {
    element: 'layout',
    children: [
      { path: '/customers', element: 'list' },
      { path: '/customers/:id', element: 'chart' },
    ],
  };
  const routes: RouteObject[] = [
    { path: '/login', element: 'login' },
    layout,
    { path: '/customers/new', element: 'shadowed by the chart above' },
    { path: '*', element: 'elsewhere' },
  ];
  const elements = (pathname: string) => matchRoutes(routes, pathname)?.routes.map((r) => r.element);

  it('gives the first route that matches, in the order written', () => {
    expect(elements('/login')).toEqual(['login']);
    expect(elements('/customers/new')).toEqual(['layout', 'chart']);
    expect(elements('/nowhere')).toEqual(['elsewhere']);
  });

  it('matches a layout route through its children, and gives the matched child params', () => {
    expect(matchRoutes(routes, '/customers/')).toEqual({ routes: [layout, layout.children?.[0]], params: {} });
    expect(matchRoutes(routes, '/customers/c-1')).toEqual({ routes: [layout, layout.children?.[1]], params: { id: 'c-1' } });
  });

  it('is null when nothing matches, a layout included', () => {
    expect(matchRoutes([layout, { element: 'no path, no children' }], '/visits')).toBeNull();
  });
});

describe('resolveTo', () => {
  it.each([
    ['abc', '/pwa/customers', '/pwa/customers/abc'],
    ['abc', '/pwa/customers/', '/pwa/customers/abc'],
    ['abc', '/', '/abc'],
    ['..', '/pwa/customers/123', '/pwa/customers'],
    ['..', '/customers/123/', '/customers'],
    ['../visits', '/pwa/customers', '/pwa/visits'],
    ['..', '/', '/'],
    ['../../b', '/a', '/b'],
    ['/pwa/dashboard', '/customers/123', '/pwa/dashboard'],
    ['/', '/customers', '/'],
    ['/pwa//login', '/', '/pwa/login'],
    ['./a/', '/x', '/x/a/'],
    ['.', '/x/', '/x/'],
    ['', '/x', '/x'],
  ])('%s from %s is %s', (to, from, pathname) => {
    expect(resolveTo(to, from)).toEqual({ pathname, search: '', hash: '' });
  });

  it('carries the search and hash of the target', () => {
    expect(resolveTo('/login?redirect=%2Fvisits', '/visits')).toEqual({ pathname: '/login', search: '?redirect=%2Fvisits', hash: '' });
    expect(resolveTo('abc?tab=1#top', '/pwa/customers')).toEqual({ pathname: '/pwa/customers/abc', search: '?tab=1', hash: '#top' });
    // Only a search: the same page with another query.
    expect(resolveTo('?q=1', '/pwa/customers/')).toEqual({ pathname: '/pwa/customers/', search: '?q=1', hash: '' });
  });
});

describe('parsePath and createPath', () => {
  it('split a URL path into its parts and join them back', () => {
    expect(parsePath('/a/b?c=1#d')).toEqual({ pathname: '/a/b', search: '?c=1', hash: '#d' });
    expect(parsePath('/a#d?c')).toEqual({ pathname: '/a', search: '', hash: '#d?c' });
    expect(createPath({ pathname: '/a/b', search: '?c=1', hash: '#d' })).toBe('/a/b?c=1#d');
    expect(createPath({ pathname: '/a', search: '?', hash: '#' })).toBe('/a');
  });
});
