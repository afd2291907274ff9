import type { DeviceInfo, OperationDevice } from '@clinic/sync-protocol/admin';
import { deviceName } from '../api/device-identity';

/** The version sent in error reports (spec 7). */
export const APP_VERSION = '0.1.0';

const ua = () => navigator.userAgent;

/**
 * A phone or tablet, for the type a report names. iPadOS says "Macintosh", and an Android tablet's
 * Chrome asks for desktop sites by default and then says "X11; Linux x86_64": a touch screen with
 * either user agent counts too (a desktop's mouse has no touch points).
 */
export function isMobileDevice(): boolean {
  if (/Android|iPhone|iPad|iPod|Mobile/i.test(ua())) return true;
  return /Macintosh|X11; Linux/.test(ua()) && !/CrOS/.test(ua()) && navigator.maxTouchPoints > 1;
}

function deviceType(): 'mobile' | 'tablet' | 'desktop' {
  if (!isMobileDevice()) return 'desktop';
  return Math.min(screen.width, screen.height) >= 600 ? 'tablet' : 'mobile';
}

function osName(): string {
  const agent = ua();
  const android = /Android\s*([\d.]+)?/.exec(agent);
  if (android) return android[1] ? `Android ${android[1]}` : 'Android';
  if (/iPhone|iPad|iPod/.test(agent) || (/Macintosh/.test(agent) && navigator.maxTouchPoints > 1)) return 'iOS';
  if (/Windows/.test(agent)) return 'Windows';
  if (/CrOS/.test(agent)) return 'ChromeOS';
  if (/Mac OS X|Macintosh/.test(agent)) return 'macOS';
  if (/Linux/.test(agent)) return 'Linux';
  return 'その他';
}

const BROWSERS: Array<[RegExp, string]> = [
  [/Edg\/(\d+)/, 'Edge'],
  [/SamsungBrowser\/(\d+)/, 'Samsung Internet'],
  [/OPR\/(\d+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+).*Safari\//, 'Safari'],
];

function browserName(): string {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(ua());
    if (match) return `${name} ${match[1]}`;
  }
  return 'その他';
}

type NetworkInformation = { effectiveType?: string; type?: string; downlink?: number; rtt?: number };
const connection = () => (navigator as Navigator & { connection?: NetworkInformation }).connection;

/** The device facts of a device error log (spec 3 "Android log session"). */
export function deviceInfo(): DeviceInfo {
  return {
    platform: osName(),
    viewport: `${window.innerWidth}x${window.innerHeight}`,
    connectionType: connection()?.effectiveType ?? connection()?.type ?? (navigator.onLine ? 'unknown' : 'offline'),
    userAgent: ua(),
    screenSize: `${screen.width}x${screen.height}`,
    language: navigator.language,
    name: deviceName(),
  };
}

export function networkInfo() {
  return {
    online: navigator.onLine,
    effectiveType: connection()?.effectiveType ?? '',
    downlink: connection()?.downlink ?? null,
    rtt: connection()?.rtt ?? null,
  };
}

/** The device of an operation-log entry (spec 3 "PWA operation log entry"). */
export function operationDevice(): OperationDevice {
  return {
    type: deviceType(),
    os: osName(),
    browser: browserName(),
    screenWidth: screen.width,
    screenHeight: screen.height,
    userAgent: ua(),
    name: deviceName(),
  };
}

/** This page load's timings (spec 3): load, DOM ready and first contentful paint, in ms; null until known. */
export function pageTimings() {
  const nav = performance.getEntriesByType?.('navigation')[0] as PerformanceNavigationTiming | undefined;
  const paint = performance.getEntriesByName?.('first-contentful-paint')[0];
  const positive = (value: number | undefined) => (value !== undefined && value > 0 ? Math.round(value) : null);
  return {
    pageLoadTime: positive(nav ? nav.loadEventEnd - nav.startTime : undefined),
    domContentLoaded: positive(nav ? nav.domContentLoadedEventEnd - nav.startTime : undefined),
    firstContentfulPaint: positive(paint?.startTime),
  };
}

/** One id per tab (kept through reloads in sessionStorage): the session of both logs. */
export function logSessionId(): string {
  const key = 'clinic-log-session';
  try {
    const known = sessionStorage.getItem(key);
    if (known) return known;
    const made = crypto.randomUUID();
    sessionStorage.setItem(key, made);
    return made;
  } catch {
    return (fallbackSession ??= crypto.randomUUID());
  }
}
let fallbackSession: string | undefined;
