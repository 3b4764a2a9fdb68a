/**
 * What crosses Redis between an API node and a worker: a conversion as plain data (its inputs are
 * FileIds in the shared encrypted store, never bytes or paths), sealed with the storage key (its
 * parameters may hold passwords, its file names are the user's), and a failure as its Code, message
 * and details, so the API node answers exactly what the worker's DomainError said.
 */
import { deserialize, serialize } from 'node:v8';
import { DomainError, type DomainErrorDetails, type ErrorCodeValue } from '../contract/errors';
import { newId } from '../storage/file-names';
import type { KeyRing } from '../storage/key-ring';
import { openText, sealText } from '../storage/sealed-text';

/** One input of a queued conversion: a file of the shared store, owned by the job's owner. */
export interface QueuedInput {
  fileId: string;
  fileName: string;
  ext: string;
  size: number;
}

export interface QueuedConversion {
  endpoint: string;
  ownerId: string;
  inputs: QueuedInput[];
  url?: string;
  /** The converter's parameters as the API node's `readParameters` typed them (v8 keeps Buffers, Maps). */
  params: unknown;
  keepActiveContent: boolean;
  deadlineAt: number;
  storeFile: boolean;
  /** The job record the worker ends itself (so an API node that restarts loses nothing). */
  jobId?: string;
  /** Base of the result Urls the worker writes into that record. */
  urlBase?: string;
}

/** A value sealed for Redis: its own id (the seal's associated data) and the sealed text. */
export interface SealedForQueue {
  sealId: string;
  sealed: string;
}

const sealValue = (keys: KeyRing, value: unknown): SealedForQueue => {
  const sealId = newId();
  const packed = serialize(value).toString('base64');
  return { sealId, sealed: sealText(keys, 'queued-jobs', sealId, packed) };
};

const openValue = (keys: KeyRing, value: SealedForQueue): unknown =>
  deserialize(Buffer.from(openText(keys, 'queued-jobs', value.sealId, value.sealed), 'base64'));

/** The job's data in Redis: only the endpoint in clear (for the queue's own listings), the rest sealed. */
export interface QueuedJobData extends SealedForQueue {
  endpoint: string;
}

export const sealConversion = (keys: KeyRing, conversion: QueuedConversion): QueuedJobData => ({
  endpoint: conversion.endpoint,
  ...sealValue(keys, conversion),
});

/** The conversion a worker runs; throws when the data was sealed under a key this node does not hold. */
export const openConversion = (keys: KeyRing, data: QueuedJobData): QueuedConversion =>
  openValue(keys, data) as QueuedConversion;

/** A worker's answer as Redis keeps it: sealed (it names the user's files and their FileIds). */
export const sealAnswer = <T>(keys: KeyRing, answer: T): SealedForQueue => sealValue(keys, answer);
export const openAnswer = <T>(keys: KeyRing, sealed: SealedForQueue): T => openValue(keys, sealed) as T;

/** A DomainError as BullMQ keeps a failure: its message (one JSON line). */
export interface QueuedFailure {
  code: ErrorCodeValue;
  message: string;
  details: DomainErrorDetails;
}

const MARK = 'docstudio-failure:';

/**
 * The failure text a worker throws for BullMQ to keep, sealed (a message may name the user's file);
 * anything not a DomainError keeps no detail.
 */
export function failureText(keys: KeyRing, error: unknown): string {
  if (!(error instanceof DomainError)) return `${MARK}null`;
  const failure: QueuedFailure = { code: error.code, message: error.message, details: error.details() };
  return `${MARK}${JSON.stringify(sealValue(keys, failure))}`;
}

/** The DomainError a worker's failure text stands for; undefined when it carries none (a crash). */
export function errorFromFailureText(keys: KeyRing, text: string | undefined): DomainError | undefined {
  if (!text?.startsWith(MARK)) return undefined;
  const sealed = JSON.parse(text.slice(MARK.length)) as SealedForQueue | null;
  if (!sealed) return undefined;
  const failure = openValue(keys, sealed) as QueuedFailure;
  return new DomainError(failure.code, failure.message, failure.details);
}
