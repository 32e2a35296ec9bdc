// What the game page is doing, as a pure function of the newest view and the page's own state:
//
//   replay   a stroke of the history is being replayed (the live game waits behind it)
//   anim     the page is still drawing strokes (or the lag) the newest view has and it has not shown
//   sent     this page's own action is on its way and no newer view has come yet: the question it
//            answered is closed, so nothing on the page may answer it again
//   over     the match is over
//   wait     someone else is to act (the other seat's device, a bot) - or nobody here holds a seat,
//            or the invited person has not taken the other seat yet
//   lag | place | shot | choice    a seat this page holds is asked that (VIEW.to_act.action)
//
// Nothing else sets the mode: the page computes it here after every change and keeps the result
// only to log transitions. A mode's module may send an action; the next mode then follows from
// that (sent) and from the view that answers it - as tailuge/billiards' controllers each return
// the next controller, without any of them assigning it.
export const MODES = ["idle", "replay", "anim", "sent", "over", "wait", "lag", "place", "shot", "choice"];

// latest: the newest view known; applied: the view the page shows (it trails `latest` while strokes
// are drawn); sending: {actions} of this page's action in flight, or null; mine(seat): the page
// holds that seat's token.
export function modeOf(latest, { applied, replay, sending, mine }) {
  if (replay) return "replay";
  if (!latest) return "idle";
  if (applied !== latest) return "anim";
  if (sending && sending.actions >= latest.actions) return "sent";
  const act = latest.to_act;
  if (!act) return "over";
  if (latest.invite_open) return "wait";          // nothing is played before the invited person sits down
  if (!mine(act.seat)) return "wait";
  return act.action;
}

// The page's transitions, the last few, for the end-to-end tests to name the one that broke.
export class TransitionLog {
  constructor(size = 40) { this.size = size; this.items = []; }

  add(from, to, actions, why) {
    this.items.push({ from, to, actions, why });
    if (this.items.length > this.size) this.items.shift();
  }
}
