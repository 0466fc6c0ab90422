/**
 * The board's chime, made with the Web Audio API (no sound file to download). Browsers let a page
 * play sound only after a click on it, so the audio context is made by the "Enable sound" button.
 */
let context: AudioContext | undefined;

/** Called from the click on "Enable sound": from then on the page may play the chime. */
export function unlockAudio(): void {
  try {
    context ??= new AudioContext();
    void context.resume();
  } catch {
    // No audio output (a kiosk without speakers): the board works silently.
  }
}

/** Two short bell-like notes, loud enough over a kitchen, short enough not to annoy. */
export function playChime(): void {
  if (!context) return;
  const start = context.currentTime + 0.01;
  for (const [offset, frequency] of [
    [0, 880],
    [0.18, 1318.5],
  ] as const) {
    const oscillator = context.createOscillator();
    const gain = context.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start + offset);
    gain.gain.exponentialRampToValueAtTime(0.4, start + offset + 0.02);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.5);
    oscillator.connect(gain).connect(context.destination);
    oscillator.start(start + offset);
    oscillator.stop(start + offset + 0.55);
  }
}
