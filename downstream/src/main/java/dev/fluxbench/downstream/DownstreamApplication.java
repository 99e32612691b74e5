package dev.fluxbench.downstream;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

/**
 * The slow service behind every passthrough. It waits on timers, never on threads, so
 * that a benchmark measures the stack in front of it and not this.
 */
@SpringBootApplication
@ConfigurationPropertiesScan
public class DownstreamApplication {

	public static void main(String[] args) {
		SpringApplication.run(DownstreamApplication.class, args);
	}

}
