import { describe, expect, it } from 'vitest';
import {
  DEFAULT_SETTINGS,
  checkSettings,
  idleLockMinutesFor,
  predictVideoAnalysis,
  readSettings,
} from './app-settings';

describe('settings', () => {
  it('has the spec defaults', () => {
    expect(DEFAULT_SETTINGS).toMatchObject({
      cameraDevice: 'current-device',
      autoAnalysis: true,
      saveImages: true,
      debugMode: false,
      videoAnalysis: {
        enabled: true,
        samplingInterval: 1,
        maxFrames: 30,
        quality: 0.8,
        maxWidth: 1280,
        maxHeight: 720,
        frameInterval: 1000,
      },
    });
    expect(checkSettings(DEFAULT_SETTINGS)).toEqual({ ok: true, settings: DEFAULT_SETTINGS });
  });

  it('falls back to the default field by field, keeping the good ones', () => {
    const read = readSettings({
      cameraDevice: 'raspberry-pi',
      autoAnalysis: 'abc',
      saveImages: false,
      cameraUrl: 'javascript:alert(1)',
      unknownKey: 1,
      videoAnalysis: {
        samplingInterval: 0.7,
        maxFrames: 45,
        quality: 0.7,
        maxWidth: 800,
        maxHeight: 600,
        enabled: false,
      },
    });
    expect(read).toEqual({
      ...DEFAULT_SETTINGS,
      cameraDevice: 'raspberry-pi',
      saveImages: false,
      videoAnalysis: {
        ...DEFAULT_SETTINGS.videoAnalysis,
        maxFrames: 45,
        maxWidth: 800,
        maxHeight: 600,
        enabled: false,
      },
    });
  });

  it('reads anything at all without throwing', () => {
    for (const raw of [undefined, null, 'text', 42, [], { videoAnalysis: 'x' }, { videoAnalysis: null }]) {
      expect(readSettings(raw)).toEqual(DEFAULT_SETTINGS);
    }
  });

  it('holds the limits and steps of spec 5', () => {
    const va = (patch: object) =>
      checkSettings({ ...DEFAULT_SETTINGS, videoAnalysis: { ...DEFAULT_SETTINGS.videoAnalysis, ...patch } });
    for (const ok of [
      { samplingInterval: 0.5 },
      { samplingInterval: 10 },
      { maxFrames: 5 },
      { maxFrames: 100 },
      { maxWidth: 1920 },
      { maxHeight: 1080 },
      { quality: 1 },
      { quality: 0.6 },
    ]) {
      expect(va(ok).ok, JSON.stringify(ok)).toBe(true);
    }
    for (const bad of [
      { samplingInterval: 0.25 },
      { samplingInterval: 10.5 },
      { maxFrames: 7 },
      { maxFrames: 105 },
      { maxWidth: 700 },
      { maxHeight: 500 },
      { quality: 0.7 },
    ]) {
      expect(va(bad).ok, JSON.stringify(bad)).toBe(false);
    }
    expect(va({ maxFrames: 7 })).toEqual({ ok: false, message: '5〜100の範囲で、5刻みで指定してください' });
    expect(checkSettings({ ...DEFAULT_SETTINGS, cameraUrl: 'ftp://cam' })).toEqual({
      ok: false,
      message: 'カメラのアドレスは http:// または https:// で始まる形で入力してください',
    });
    expect(checkSettings({ ...DEFAULT_SETTINGS, cameraUrl: 'http://192.168.1.50:8000' }).ok).toBe(true);
  });

  it("keeps the device's own name, trimmed and bounded, and an old entry without one reads as unnamed", () => {
    expect(checkSettings({ ...DEFAULT_SETTINGS, deviceName: ' 施術室1 ' })).toEqual({
      ok: true,
      settings: { ...DEFAULT_SETTINGS, deviceName: '施術室1' },
    });
    expect(checkSettings({ ...DEFAULT_SETTINGS, deviceName: 'あ'.repeat(21) })).toEqual({
      ok: false,
      message: '端末の名前は20文字以内で入力してください',
    });
    const { deviceName, ...old } = DEFAULT_SETTINGS;
    void deviceName;
    expect(readSettings(old).deviceName).toBe('');
  });

  it('locks a device after its own minutes: a desk by name after 15, a treatment tablet after 5, or as chosen', () => {
    const named = (deviceName: string) => ({ ...DEFAULT_SETTINGS, deviceName });
    expect(idleLockMinutesFor(named('受付'))).toBe(15);
    expect(idleLockMinutesFor(named('受付PC 2'))).toBe(15);
    expect(idleLockMinutesFor(named('Reception desk'))).toBe(15);
    expect(idleLockMinutesFor(named('施術室1'))).toBe(5);
    expect(idleLockMinutesFor(named(''))).toBe(5);
    expect(idleLockMinutesFor({ ...named('受付'), idleLockMinutes: 5, idleLockChosen: true })).toBe(5);
    expect(idleLockMinutesFor({ ...named('施術室1'), idleLockMinutes: 20, idleLockChosen: true })).toBe(20);
    // Saved by an earlier version, which stored everyone's default 5 with every save: the desk's default now.
    expect(idleLockMinutesFor(readSettings({ deviceName: '受付', idleLockMinutes: 5 }))).toBe(15);
    // Any other figure then was an administrator's choice, and stays.
    expect(idleLockMinutesFor(readSettings({ deviceName: '受付', idleLockMinutes: 10 }))).toBe(10);
    expect(readSettings({ idleLockMinutes: 5, idleLockChosen: true }).idleLockChosen).toBe(true);
  });

  it('predicts a 30 s video as spec 9 says', () => {
    expect(predictVideoAnalysis(1)).toEqual({
      frames: 30,
      seconds: 25,
      measured: false,
      cloudCostUsd: 0.03,
      deviceCostYen: 0,
    });
    // This device's own measured time per frame, once known.
    expect(predictVideoAnalysis(1, 30, 0.4)).toMatchObject({ frames: 30, seconds: 12, measured: true });
    expect(predictVideoAnalysis(2, 30, 1.25)).toMatchObject({ frames: 15, seconds: 19, measured: true });
    expect(predictVideoAnalysis(0.5)).toMatchObject({ frames: 60, seconds: 50 });
    expect(predictVideoAnalysis(4)).toMatchObject({ frames: 8, seconds: 7 });
    expect(predictVideoAnalysis(10)).toMatchObject({ frames: 3, seconds: 3 });
  });
});

describe('診療時間', () => {
  it('opens on weekdays and Saturday and closes on Sunday by default; an older entry without them reads the default', () => {
    expect(DEFAULT_SETTINGS.clinicHours[0]).toBeNull();
    expect(DEFAULT_SETTINGS.clinicHours[2]).toEqual({ open: '09:00', close: '19:00' });
    const { clinicHours: _dropped, ...older } = DEFAULT_SETTINGS;
    expect(readSettings({ ...older, idleLockMinutes: 7 })).toMatchObject({
      idleLockMinutes: 7,
      clinicHours: DEFAULT_SETTINGS.clinicHours,
    });
  });

  it('refuses a day that closes before it opens, or a time that is no time, in Japanese', () => {
    const hours = [...DEFAULT_SETTINGS.clinicHours];
    hours[1] = { open: '19:00', close: '09:00' };
    expect(checkSettings({ ...DEFAULT_SETTINGS, clinicHours: hours })).toEqual({
      ok: false,
      message: '診療時間は「9:00」〜「19:00」のように、開始を終了より前にして入力してください',
    });
    hours[1] = { open: '9時', close: '19:00' };
    expect(checkSettings({ ...DEFAULT_SETTINGS, clinicHours: hours }).ok).toBe(false);
    hours[1] = null;
    expect(checkSettings({ ...DEFAULT_SETTINGS, clinicHours: hours }).ok).toBe(true);
  });
});
