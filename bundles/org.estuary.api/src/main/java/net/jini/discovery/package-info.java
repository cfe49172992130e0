/**
 * The lookup discovery service (LD.2 to LD.4): the service and registration interfaces, the remote discovery event
 * and the exception reporting proxies that could not be unmarshalled, together with the discovery types they refer
 * to (group management constants, local discovery events and listeners) as published for Jini 2.x.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.discovery;
