/**
 * Executors with bounds: {@link org.estuary.core.concurrent.Pools#bounded}, a fixed number of named daemon threads
 * and a bounded queue, the executor every Estuary service creates for its own work (renewals, event delivery); and
 * {@link org.estuary.core.concurrent.SlowCalls}, which sets aside the calls into clients' objects that do not
 * answer, so they cannot take every thread of such a pool; and
 * {@link org.estuary.core.concurrent.BoundedCount}, a bounded count of things held that threads on different
 * processors change without sharing a cache line at every change; and what the code serving a client's call tells
 * the transport that runs it: {@link org.estuary.core.concurrent.Waits} before it waits,
 * {@link org.estuary.core.concurrent.LaterAnswers} when its answer is sent later.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("2.3.0")
package org.estuary.core.concurrent;
