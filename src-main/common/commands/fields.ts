/**
 * The argument shapes the commands share. Types only, as the door checks them: what a value means (a folder
 * being open, a skill existing, a path staying inside its folder) is for the service that uses it.
 */
import { plainObject, z } from '../shape';

export const text = z.string();
export const skillId = z.string();
export const flag = z.boolean();
export const count = z.number();
/** Any JSON value: a tool's arguments, an option's value. */
export const anyValue = z.unknown();
/** An object taken as it came (keys such as "__proto__" stay data), for values the service reads field by field. */
export const object = plainObject({ error: () => 'expected object' });
/** An object whose values are all texts. */
export const textRecord = z.record(z.string(), z.string());

/**
 * An object whose fields its service reads with a parser of its own, worded for the person filling the form
 * (a new skill, a saved request, a skill's settings): the door makes sure it is an object, typed as `T`.
 */
export function objectFor<T>(): z.ZodType<T> {
  return object as unknown as z.ZodType<T>;
}
