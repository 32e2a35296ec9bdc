// Sounds made on the spot with Web Audio (no files): the cue's click, balls meeting, a cushion, a
// ball dropping, the shot clock's beep. Each is scaled by how hard the impact was. A switch keeps
// them off (remembered in this browser); the audio starts only after the person's first gesture,
// as browsers require.

let audio = null;
let armed = false;

export function soundOn() { return localStorage.getItem("bola8.sound") !== "off"; }

export function setSound(on) { localStorage.setItem("bola8.sound", on ? "on" : "off"); if (on) context(); }

// browsers let audio start only from a gesture: the first tap or key anywhere opens it
export function armSound() {
  if (armed) return;
  armed = true;
  const open = () => { if (soundOn()) context(); };
  window.addEventListener("pointerdown", open, { once: true });
  window.addEventListener("keydown", open, { once: true });
}

function context() {
  try {
    if (!audio) audio = new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === "suspended") audio.resume();
  } catch (e) { audio = null; }
  return audio;
}

// one decaying tone (and, with noise, a burst of filtered noise): the material of every sound here
function hit(freq, decay, gain, noise = 0, type = "sine") {
  const ac = audio;
  if (!ac || ac.state !== "running") return;
  const now = ac.currentTime;
  const out = ac.createGain();
  out.gain.setValueAtTime(Math.max(0.0001, gain), now);
  out.gain.exponentialRampToValueAtTime(0.0001, now + decay);
  out.connect(ac.destination);
  const osc = ac.createOscillator();
  osc.type = type; osc.frequency.setValueAtTime(freq, now);
  osc.connect(out); osc.start(now); osc.stop(now + decay + 0.02);
  if (noise > 0) {
    const length = Math.ceil(ac.sampleRate * decay);
    const buf = ac.createBuffer(1, length, ac.sampleRate), ch = buf.getChannelData(0);
    for (let i = 0; i < length; i++) ch[i] = (Math.random() * 2 - 1) * Math.exp(-i / (length / 5));
    const src = ac.createBufferSource(), filter = ac.createBiquadFilter(), g = ac.createGain();
    filter.type = "bandpass"; filter.frequency.value = freq * 1.5; g.gain.value = noise * gain;
    src.buffer = buf; src.connect(filter); filter.connect(g); g.connect(ac.destination); src.start(now);
  }
}

// kind: strike | ball_ball | cushion | pocket | jaw | beep; speed in m/s (the impact's)
export function play(kind, speed = 1) {
  if (!soundOn() || !audio) return;
  const k = Math.min(1, Math.max(0, speed / 5));
  if (k < 0.02 && kind !== "beep") return;
  try {
    if (kind === "strike") hit(1400, 0.04, 0.15 + 0.35 * k, 0.6);
    else if (kind === "ball_ball") hit(2600, 0.05, 0.08 + 0.6 * k, 0.8, "triangle");
    else if (kind === "cushion" || kind === "jaw") hit(140, 0.14, 0.1 + 0.5 * k, 0.5);
    else if (kind === "pocket") { hit(90, 0.25, 0.5, 0.4); hit(420, 0.08, 0.15, 0.5, "triangle"); }
    else if (kind === "beep") hit(880, 0.15, 0.25);
  } catch (e) { /* a sound is never worth an error */ }
}
