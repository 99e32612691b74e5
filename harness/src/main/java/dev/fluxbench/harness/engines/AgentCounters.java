package dev.fluxbench.harness.engines;

import java.rmi.Remote;
import java.rmi.RemoteException;

/**
 * What an agent counts that JMeter's samples do not carry: each load's journeys, and the
 * agent's own CPU time, the generator's cost. Bound in the agent's RMI registry beside
 * JMeter's engine, behind the same sockets.
 */
public interface AgentCounters extends Remote {

	String NAME = "fluxbench.counters";

	/**
	 * The journey counts of the load whose counter has {@code counterId}, forgotten once
	 * taken; the client takes them once the load ended.
	 * @return started, completed and stopped journeys
	 */
	long[] takeJourneys(String counterId) throws RemoteException;

	/** The agent process' CPU time so far, in nanoseconds. */
	long cpuNanos() throws RemoteException;

}
