package dev.fluxbench.contract.passthrough;

/**
 * What the downstream answers once the message's delay is over, and what the passthrough
 * returns unchanged.
 */
public record MessageAck(String id, String received, boolean ack) {

	public static MessageAck of(Message message) {
		return new MessageAck(message.id(), message.payload(), true);
	}

}
