/**
 * What lease holders receive from an Estuary grantor: {@link org.estuary.lease.client.LandlordLease}, the
 * serializable {@code net.jini.core.lease.Lease} that calls its grantor's {@link org.estuary.lease.Landlord}, with
 * the LE.2.2 serial formats and a {@code LeaseMap} for batch renewal and cancellation.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package org.estuary.lease.client;
