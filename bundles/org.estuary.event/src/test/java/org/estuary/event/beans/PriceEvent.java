package org.estuary.event.beans;

import java.util.EventObject;

/** A JavaBeans event object with state of its own. */
public class PriceEvent extends EventObject {

    private static final long serialVersionUID = 1L;

    private final double price;

    public PriceEvent(Object source, double price) {
        super(source);
        this.price = price;
    }

    public double getPrice() {
        return price;
    }
}
