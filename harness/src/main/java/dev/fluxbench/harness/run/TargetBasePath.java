package dev.fluxbench.harness.run;

import dev.fluxbench.harness.scenario.Step;
import org.apache.jmeter.processor.PreProcessor;
import org.apache.jmeter.protocol.http.sampler.HTTPSamplerBase;
import org.apache.jmeter.samplers.Sampler;
import org.apache.jmeter.testelement.AbstractTestElement;
import org.apache.jmeter.testelement.TestElement;
import org.apache.jmeter.threads.JMeterContextService;
import us.abstracta.jmeter.javadsl.core.samplers.BaseSampler.SamplerChild;
import us.abstracta.jmeter.javadsl.core.testelements.BaseTestElement;

/**
 * For a request whose path is a reference ({@code ${operationUrl}}), decided sample by
 * sample once JMeter has resolved it: an absolute URL goes out as it is, which JMeter
 * does by itself for a path that starts with {@code http://}; anything else is a path,
 * and the target's base path goes in front as for any other request. Only needed for a
 * target with a base path ({@code http://host/shop/}): without one, the resolved path is
 * already what to send.
 */
final class TargetBasePath extends BaseTestElement implements SamplerChild {

	private static final String BASE_PATH = "fluxbench.basePath";

	private final String basePath;

	TargetBasePath(String basePath) {
		super("target base path", null);
		this.basePath = basePath;
	}

	@Override
	protected TestElement buildTestElement() {
		Element element = new Element();
		element.setProperty(BASE_PATH, this.basePath);
		return element;
	}

	/**
	 * The JMeter side; public, with a public constructor, since JMeter clones it per user
	 * by reflection.
	 */
	public static final class Element extends AbstractTestElement implements PreProcessor {

		@Override
		public void process() {
			Sampler sampler = JMeterContextService.getContext().getCurrentSampler();
			if (!(sampler instanceof HTTPSamplerBase http)) {
				return;
			}
			// getPath() resolves the reference for this sample; the value set here is the
			// running version's, which JMeter puts back to the template after the sample.
			String path = http.getPath();
			if (!Step.Request.isAbsoluteUrl(path)) {
				http.setProperty(HTTPSamplerBase.PATH,
						getPropertyAsString(BASE_PATH) + (path.startsWith("/") ? "" : "/") + path);
			}
		}

	}

}
