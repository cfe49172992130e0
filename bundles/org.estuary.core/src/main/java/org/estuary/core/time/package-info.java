/**
 * Time for Estuary's scheduling: a {@link org.estuary.core.time.Clock} on monotonic time with the wall clock
 * only at the API boundary (the specs' absolute expirations), a system clock and a manual clock for tests.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.core.time;
