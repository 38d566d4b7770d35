// A short beep and a vibration when a code is read, so the phone need not be looked at.

let audio: AudioContext | undefined;

export function signalScan() {
  navigator.vibrate?.(80);
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 1760;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.08);
  } catch {
    // No sound (no audio device, or the browser refuses before a tap): the vibration and the sheet say enough.
  }
}

/** The same code read again within this time is the same scan (the camera sees it several times a second). */
export const REPEAT_WINDOW_MS = 2000;

/** Answers true for a code not seen within REPEAT_WINDOW_MS. */
export function createRepeatFilter(now = () => Date.now()) {
  const seen = new Map<string, number>();
  return (code: string) => {
    const time = now();
    const last = seen.get(code);
    seen.set(code, time);
    return last === undefined || time - last >= REPEAT_WINDOW_MS;
  };
}
