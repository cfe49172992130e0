/**
 * The lookup service types the lookup discovery service refers to (LD.1.2): the registrar interface, service
 * identifiers, items, templates, matches, registrations and events, with the published Jini 2.x signatures and
 * serialized forms.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.0.0")
package net.jini.core.lookup;
