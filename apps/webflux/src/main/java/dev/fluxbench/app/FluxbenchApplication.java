package dev.fluxbench.app;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.ConfigurationPropertiesScan;

@SpringBootApplication
@ConfigurationPropertiesScan
public class FluxbenchApplication {

	public static void main(String[] args) {
		SpringApplication.run(FluxbenchApplication.class, args);
	}

}
