/**
 * What lease holders receive from an Estuary grantor, and all they need:
 * {@link org.estuary.lease.client.LandlordLease}, the serializable {@code net.jini.core.lease.Lease} that calls its grantor's
 * {@link org.estuary.lease.client.Landlord} (the remote interface every grantor exports, with its batch result
 * {@link org.estuary.lease.client.RenewResults}), with the LE.2.2 serial formats and a {@code LeaseMap} for batch
 * renewal and cancellation. Nothing here refers to the grantor's side ({@code org.estuary.lease}), so a client
 * carries only these classes.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.estuary.lease.client;
