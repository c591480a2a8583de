import type { ReactionVideo } from "../../../../domain/site/reactions.ts";
import { bedtime } from "./bedtime.ts";
import { bigSister } from "./big_sister.ts";
import { birthday } from "./birthday.ts";
import { carRide } from "./car_ride.ts";
import { dinosaurs } from "./dinosaurs.ts";
import { fallback } from "./fallback.ts";
import type { ReactionPlaceholder } from "./frame.ts";
import { grandma } from "./grandma.ts";
import { soccer } from "./soccer.ts";
import { space } from "./space.ts";
import { unicorn } from "./unicorn.ts";

export type { ReactionPlaceholder } from "./frame.ts";

/** Each reaction item's own scene, by id; an item without one gets the generic dancing child. */
const SCENES: Record<string, (item: ReactionVideo) => ReactionPlaceholder> = {
  "emma-birthday": birthday,
  "liam-dinosaurs": dinosaurs,
  "sophia-bedtime": bedtime,
  "noah-soccer": soccer,
  "ava-grandma": grandma,
  "mateo-space": space,
  "zoe-unicorn": unicorn,
  "oliver-car-ride": carRide,
  "maya-big-sister": bigSister,
};

export function reactionPlaceholder(item: ReactionVideo, index: number): ReactionPlaceholder {
  return SCENES[item.id]?.(item) ?? fallback(item, index);
}
