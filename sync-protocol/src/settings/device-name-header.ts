/*
 * What the request path needs of the device's name, without zod: the web's start bundle carries it
 * (every request sends the name), the schema that checks a name does not.
 */

/** The longest name a device may be given in 設定. */
export const DEVICE_NAME_MAX = 20;

/** The header a device names itself in: percent-encoded UTF-8, as a header carries only ASCII safely. */
export const DEVICE_NAME_HEADER = 'x-device-name';

/** The header's value for a name ('' says the device has none). */
export const encodeDeviceName = (name: string): string => encodeURIComponent(name);
