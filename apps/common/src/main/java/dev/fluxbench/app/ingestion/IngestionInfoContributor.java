package dev.fluxbench.app.ingestion;

import org.springframework.boot.actuate.info.Info;
import org.springframework.boot.actuate.info.InfoContributor;
import org.springframework.stereotype.Component;

/**
 * The ingestion's source, schedule, batch size and timeouts under {@code ingestion} in
 * /actuator/info.
 */
@Component
class IngestionInfoContributor implements InfoContributor {

	private final IngestionProperties properties;

	IngestionInfoContributor(IngestionProperties properties) {
		this.properties = properties;
	}

	@Override
	public void contribute(Info.Builder builder) {
		builder.withDetail("ingestion", this.properties);
	}

}
