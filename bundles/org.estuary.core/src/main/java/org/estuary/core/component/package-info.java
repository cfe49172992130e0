/**
 * What every service component does besides its spec logic when it starts and stops:
 * {@link org.estuary.core.component.Activation}, the steps of an activation, each with its undo, so an activation
 * either completes or releases everything it started (in reverse order), and a deactivation releases everything;
 * {@link org.estuary.core.component.Attachment}, the service of an optional dynamic reference (the exporter)
 * attached to the component only while it is active; {@link org.estuary.core.component.Bounds}, the checks of the
 * settings it is built from, each refusal naming the setting.
 */
@org.osgi.annotation.bundle.Export
@org.osgi.annotation.versioning.Version("1.1.0")
package org.estuary.core.component;
