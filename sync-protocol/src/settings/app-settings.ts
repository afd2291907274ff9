import { z } from 'zod';
import { isClockTime } from '../rules/appointment-time';
import { deviceNameSchema } from './device-name';

/**
 * The device's settings (設定, spec 3 "App settings"), defined once with their limits (spec 5
 * "Settings limits"). Stored in the browser, so an old version's or a hand-edited entry is read field
 * by field: a bad field takes its default and the good ones stay (readSettings).
 */
export const SETTINGS_LIMITS = {
  samplingInterval: { min: 0.5, max: 10, step: 0.5 },
  maxFrames: { min: 5, max: 100, step: 5 },
  maxWidth: { min: 640, max: 1920, step: 160 },
  maxHeight: { min: 480, max: 1080, step: 120 },
  quality: [0.6, 0.8, 0.9, 1] as const,
  frameInterval: { min: 100, max: 10_000 },
  /** Minutes without a touch or key before the screen locks (issue 25; MHLW guideline 6.0). */
  idleLockMinutes: { min: 1, max: 30 },
  /** Days a person may sign in on the device alone since the server last confirmed them (issue 34). */
  offlineSignInDays: { min: 1, max: 90 },
} as const;

export const CAMERA_SOURCES = ['current-device', 'raspberry-pi'] as const;
export type CameraSource = (typeof CAMERA_SOURCES)[number];

export const SETTINGS_MESSAGES = {
  range: (min: number, max: number, step: number) => `${min}〜${max}の範囲で、${step}刻みで指定してください`,
  quality: '画質は60%・80%・90%・100%から選んでください',
  cameraUrl: 'カメラのアドレスは http:// または https:// で始まる形で入力してください',
  idleLockMinutes: '自動ロックまでの時間は1〜30分の整数で入力してください',
  clinicHours: '診療時間は「9:00」〜「19:00」のように、開始を終了より前にして入力してください',
  offlineSignInDays: 'オフラインでサインインできる期間は1〜90日の整数で入力してください',
} as const;

const onStep = (value: number, min: number, step: number) =>
  Math.abs((value - min) / step - Math.round((value - min) / step)) < 1e-9;

function stepped(limits: { min: number; max: number; step: number }) {
  return z
    .number()
    .refine(
      (v) => v >= limits.min && v <= limits.max && onStep(v, limits.min, limits.step),
      SETTINGS_MESSAGES.range(limits.min, limits.max, limits.step),
    );
}

const L = SETTINGS_LIMITS;

export const videoAnalysisSchema = z.object({
  enabled: z.boolean(),
  samplingInterval: stepped(L.samplingInterval),
  maxFrames: stepped(L.maxFrames),
  quality: z.union(
    L.quality.map((q) => z.literal(q)),
    { error: SETTINGS_MESSAGES.quality },
  ),
  maxWidth: stepped(L.maxWidth),
  maxHeight: stepped(L.maxHeight),
  frameInterval: z.number().int().min(L.frameInterval.min).max(L.frameInterval.max),
});

/** Empty (demo mode) or an http(s) address. */
const cameraUrlSchema = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)), SETTINGS_MESSAGES.cameraUrl);

/** One weekday's 診療時間 (HH:MM, opening before closing); null is 休診日. */
const dayHoursSchema = z
  .object(
    {
      open: z.string().refine(isClockTime, SETTINGS_MESSAGES.clinicHours),
      close: z.string().refine(isClockTime, SETTINGS_MESSAGES.clinicHours),
    },
    { error: SETTINGS_MESSAGES.clinicHours },
  )
  .refine((d) => d.open < d.close, SETTINGS_MESSAGES.clinicHours)
  .nullable();

/** 日曜 to 土曜. */
export const clinicHoursSchema = z.tuple(
  [dayHoursSchema, dayHoursSchema, dayHoursSchema, dayHoursSchema, dayHoursSchema, dayHoursSchema, dayHoursSchema],
  { error: SETTINGS_MESSAGES.clinicHours },
);

export const appSettingsSchema = z.object({
  /** This device's own name (施術室1), sent with its requests and logs; '' for none. */
  deviceName: deviceNameSchema,
  cameraDevice: z.enum(CAMERA_SOURCES),
  /** Which of this device's cameras (null: the front camera). */
  cameraDeviceId: z.string().max(500).nullable(),
  /** The single-board camera's address; '' runs the spec's demo mode. */
  cameraUrl: cameraUrlSchema,
  autoAnalysis: z.boolean(),
  saveImages: z.boolean(),
  debugMode: z.boolean(),
  /**
   * Administrators set it (設定 › 自動ロック) for this device; the lock reads it through idleLockMinutesFor.
   * Until one is chosen (`idleLockChosen`), the device's default applies instead: longer at a desk.
   */
  idleLockMinutes: z
    .number({ error: SETTINGS_MESSAGES.idleLockMinutes })
    .int({ error: SETTINGS_MESSAGES.idleLockMinutes })
    .min(L.idleLockMinutes.min, { error: SETTINGS_MESSAGES.idleLockMinutes })
    .max(L.idleLockMinutes.max, { error: SETTINGS_MESSAGES.idleLockMinutes }),
  /** An administrator chose `idleLockMinutes` for this device; false: the device's default (idleLockMinutesFor). */
  idleLockChosen: z.boolean(),
  /**
   * Administrators set it (設定 › 自動ロック): a person the server has not confirmed for longer (deleted,
   * password changed, a tablet that has not synced) signs in here only with the network.
   */
  offlineSignInDays: z
    .number({ error: SETTINGS_MESSAGES.offlineSignInDays })
    .int({ error: SETTINGS_MESSAGES.offlineSignInDays })
    .min(L.offlineSignInDays.min, { error: SETTINGS_MESSAGES.offlineSignInDays })
    .max(L.offlineSignInDays.max, { error: SETTINGS_MESSAGES.offlineSignInDays }),
  videoAnalysis: videoAnalysisSchema,
  /** 設定 › 診療時間: the 予約表's hours per weekday, with 休診日. */
  clinicHours: clinicHoursSchema,
});
export type AppSettings = z.infer<typeof appSettingsSchema>;
export type VideoAnalysisSettings = AppSettings['videoAnalysis'];

export const DEFAULT_SETTINGS: AppSettings = {
  deviceName: '',
  cameraDevice: 'current-device',
  cameraDeviceId: null,
  cameraUrl: '',
  autoAnalysis: true,
  saveImages: true,
  debugMode: false,
  idleLockMinutes: 5,
  idleLockChosen: false,
  offlineSignInDays: 30,
  videoAnalysis: {
    enabled: true,
    samplingInterval: 1,
    maxFrames: 30,
    quality: 0.8,
    maxWidth: 1280,
    maxHeight: 720,
    frameInterval: 1000,
  },
  // Open 9:00–19:00 on weekdays, until 17:00 on Saturday, closed on Sunday: a clinic changes it in 設定.
  clinicHours: [
    null,
    { open: '09:00', close: '19:00' },
    { open: '09:00', close: '19:00' },
    { open: '09:00', close: '19:00' },
    { open: '09:00', close: '19:00' },
    { open: '09:00', close: '19:00' },
    { open: '09:00', close: '17:00' },
  ],
};

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Each field of `shape` from `raw` when it is valid, else from `fallback`; unknown keys are dropped. */
function fieldByField<T extends Record<string, unknown>>(
  shape: Record<string, z.ZodType>,
  raw: unknown,
  fallback: T,
): T {
  const source = isRecord(raw) ? raw : {};
  const out: Record<string, unknown> = {};
  for (const [key, schema] of Object.entries(shape)) {
    const parsed = schema.safeParse(source[key]);
    out[key] = parsed.success ? parsed.data : fallback[key];
  }
  return out as T;
}

/** The settings in a stored value, whatever it holds: never throws, never a broken screen. */
export function readSettings(raw: unknown): AppSettings {
  const { videoAnalysis: videoShape, ...topShape } = appSettingsSchema.shape;
  void videoShape;
  const top = fieldByField(topShape, raw, DEFAULT_SETTINGS);
  // Stored before the choice was recorded: 5 was everyone's default then, any other figure was chosen.
  if (!isRecord(raw) || typeof raw.idleLockChosen !== 'boolean')
    top.idleLockChosen = top.idleLockMinutes !== DEFAULT_SETTINGS.idleLockMinutes;
  const video = fieldByField(
    videoAnalysisSchema.shape,
    isRecord(raw) ? raw.videoAnalysis : undefined,
    DEFAULT_SETTINGS.videoAnalysis,
  );
  return { ...top, videoAnalysis: video };
}

/**
 * The idle lock's default minutes. A treatment tablet is left in a room a patient may be alone in: 5. A desk
 * (the reception PC) is in staff's view the whole day, where a lock every few minutes only has the
 * receptionist typing her password between two patients; 15 keeps within the guideline's "a short time"
 * while the next patient is being seen to. Our choice (issue 38); an administrator may set any 1-30.
 */
export const IDLE_LOCK_DEFAULT_MINUTES = { treatment: 5, desk: 15 } as const;

/** A device named as a desk in 設定 › 端末の名前: 受付, 受付PC, フロント, 事務室, カウンター, Reception desk… */
const DESK_WORDS = ['受付', 'フロント', 'デスク', '事務', 'カウンター', 'レセプション', 'reception', 'desk', 'front'];
/** Words looked for as they are (no pattern to run over a name of any length). */
export const isDeskName = (deviceName: string): boolean => {
  const name = deviceName.toLowerCase();
  return DESK_WORDS.some((word) => name.includes(word));
};

/** The minutes without input before this device locks: the administrator's choice, else the device's default. */
export function idleLockMinutesFor(
  settings: Pick<AppSettings, 'idleLockMinutes' | 'idleLockChosen' | 'deviceName'>,
): number {
  if (settings.idleLockChosen) return settings.idleLockMinutes;
  return isDeskName(settings.deviceName) ? IDLE_LOCK_DEFAULT_MINUTES.desk : IDLE_LOCK_DEFAULT_MINUTES.treatment;
}

/** The settings as saved: every field checked, the first problem as a Japanese message. */
export function checkSettings(settings: unknown): { ok: true; settings: AppSettings } | { ok: false; message: string } {
  const parsed = appSettingsSchema.safeParse(settings);
  return parsed.success
    ? { ok: true, settings: parsed.data }
    : { ok: false, message: parsed.error.issues[0]?.message ?? '設定の内容が正しくありません' };
}

/**
 * The prediction box for a video (spec 9): frames sampled from `seconds` (30 s), the time the
 * analysis takes and the cloud provider's price the original paid (frames × $0.001) — shown beside ¥0,
 * since this app analyses on the device. The time uses this device's measured seconds per frame once
 * it has analysed a clip; until then the spec's estimate (frames × 2.5 / 3 s), both rounded up.
 */
export function predictVideoAnalysis(
  samplingInterval: number,
  seconds = 30,
  measuredSecondsPerFrame: number | null = null,
) {
  const frames = Math.ceil(seconds / samplingInterval);
  const perFrame = measuredSecondsPerFrame ?? 2.5 / 3;
  return {
    frames,
    seconds: Math.ceil(frames * perFrame - 1e-9),
    measured: measuredSecondsPerFrame !== null,
    cloudCostUsd: frames * 0.001,
    deviceCostYen: 0,
  };
}
