/**
 * What a client in another JVM uses: {@link org.estuary.client.EstuaryClient#connect} to a container's registry,
 * look up the services' proxies, and export local listeners and participants for callbacks.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.estuary.client;
